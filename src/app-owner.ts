import type { Config } from './config.js';
import type { Db } from './db.js';
import type { Logger } from './logger.js';
import { OwnerCoverController } from './controllers/owner-cover.controller.js';
import { OwnerEditor } from './controllers/owner-editor.js';
import { OwnerEditsController } from './controllers/owner-edits.controller.js';
import { OwnerLanguagesController } from './controllers/owner-languages.controller.js';
import { OwnerLinkForms } from './controllers/owner-link-forms.js';
import { OwnerMessagesController } from './controllers/owner-messages.controller.js';
import { OwnerPagesController } from './controllers/owner-pages.controller.js';
import { OwnerUploadsController } from './controllers/owner-uploads.controller.js';
import { LeadSettingsRepository } from './repositories/lead-settings.repository.js';
import { LinkRepository } from './repositories/link.repository.js';
import type { PriceListReadRepository } from './repositories/price-list-read.repository.js';
import { ProfileWriteRepository } from './repositories/profile-write.repository.js';
import type { ProfileRepository } from './repositories/profile.repository.js';
import { StatsRepository } from './repositories/stats.repository.js';
import { TranslationRepository } from './repositories/translation.repository.js';
import { CoverService } from './services/cover.service.js';
import type { LeadService } from './services/lead.service.js';
import { LinkService } from './services/link.service.js';
import type { MessageService } from './services/message.service.js';
import type { OpeningHoursService } from './services/opening-hours.service.js';
import { OwnerLanguagesService } from './services/owner-languages.service.js';
import { ProfileEditService } from './services/profile-edit.service.js';
import { ProfileMediaService } from './services/profile-media.service.js';
import type { ProfileService } from './services/profile.service.js';
import { StatsService } from './services/stats.service.js';
import type { FileStorage } from './storage/index.js';

export interface OwnerSideDeps {
  config: Config;
  db: Db;
  logger: Logger;
  clock: () => Date;
  now: () => number;
  storage: FileStorage;
  profileService: ProfileService;
  profileRepository: ProfileRepository;
  openingHours: OpeningHoursService;
  priceListReads: PriceListReadRepository;
  /** The owner's messages (and their e-mails), as the owner mail made them. */
  messages: MessageService;
  leads: LeadService;
}

/**
 * The owner's side (docs/product.md, Owner): one editor (page and form refusals) and one link-form helper, shared by
 * the pages, the forms and the uploads; the statistics and the "Diller" page with them.
 */
export function createOwnerSide(d: OwnerSideDeps) {
  const { config, db, now, profileRepository } = d;
  const profileWrites = new ProfileWriteRepository(db);
  const links = new LinkService(new LinkRepository(db), now);
  const media = new ProfileMediaService(profileRepository, profileWrites, d.storage, now, d.logger);
  const ownerEditor = new OwnerEditor(d.profileService, config, d.openingHours);
  const linkForms = new OwnerLinkForms(ownerEditor, links, media);
  const statistics = new StatsService(new StatsRepository(db), config.timeZone, d.clock);
  // "Diller" (docs/product.md, Languages): the owner's own texts, each beside its translations.
  const leadSettings = new LeadSettingsRepository(db);
  const ownerLanguages = new OwnerLanguagesService(
    {
      ownProfile: (id) => profileRepository.findOwnProfile(id),
      ownLinks: (id) => profileRepository.socialLinks(id),
      leadSettings: (id) => leadSettings.find(id),
      priceList: (id) => d.priceListReads.content(id, { visibleOnly: false }),
    },
    new TranslationRepository(db),
  );
  return {
    ownerEditor,
    media,
    ownerPages: new OwnerPagesController(ownerEditor, d.messages, statistics, d.leads, ownerLanguages),
    ownerMessages: new OwnerMessagesController(d.messages, config, now),
    ownerCover: new OwnerCoverController(ownerEditor, new CoverService(profileRepository, profileWrites, media, now)),
    ownerEdits: new OwnerEditsController(
      ownerEditor,
      linkForms,
      new ProfileEditService(profileRepository, profileWrites, now),
      links,
    ),
    ownerUploads: new OwnerUploadsController(ownerEditor, linkForms, media),
    ownerLanguages: new OwnerLanguagesController(ownerLanguages),
  };
}
