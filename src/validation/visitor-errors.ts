/**
 * A public form's refusals in the page's language (docs/product.md, Languages). The validators keep their Turkish
 * texts for the owner's pages; a visitor's form reads each of them as its catalogue message.
 */
import { LEAD_LIMITS } from '../domain/lead-notice.js';
import type { MessageKey, MessageValues, Translator } from '../i18n/translator.js';
import { messages as leadMessages } from './lead.validation.js';
import { LINK_LIMITS } from './link-limits.js';
import { messages as linkMessages } from './link-messages.js';
import { MESSAGE_MAX_LENGTH, messages as messageMessages } from './message.validation.js';

type Catalogued = readonly [MessageKey, MessageValues?];

/** Every refusal the message form's and the contact form's validators give a visitor, as its catalogue message. */
const VISITOR_ERRORS: ReadonlyMap<string, Catalogued> = new Map<string, Catalogued>([
  [messageMessages.required, ['forms.message.required']],
  [messageMessages.tooLong, ['forms.message.tooLong', { max: MESSAGE_MAX_LENGTH }]],
  [leadMessages.textInvalid, ['forms.lead.textInvalid']],
  [leadMessages.nameRequired, ['forms.lead.nameRequired']],
  [leadMessages.nameTooLong, ['forms.lead.nameTooLong', { max: LEAD_LIMITS.name }]],
  [leadMessages.contactRequired, ['forms.lead.contactRequired']],
  [leadMessages.phoneRequired, ['forms.lead.phoneRequired']],
  [leadMessages.emailRequired, ['forms.lead.emailRequired']],
  [leadMessages.noteTooLong, ['forms.lead.noteTooLong', { max: LEAD_LIMITS.note }]],
  [leadMessages.consentRequired, ['forms.lead.consentRequired']],
  [linkMessages.phoneRequired, ['forms.lead.phoneRequired']],
  [linkMessages.phoneInvalid, ['forms.lead.phoneInvalid']],
  [linkMessages.phoneTooShort, ['forms.lead.phoneTooShort', { min: LINK_LIMITS.phoneMinDigits }]],
  [linkMessages.phoneTooLong, ['forms.lead.phoneTooLong', { max: LINK_LIMITS.phoneMaxDigits }]],
  [linkMessages.emailRequired, ['forms.lead.emailRequired']],
  [linkMessages.emailInvalid, ['forms.lead.emailInvalid']],
]);

/** A validator's refusal as the visitor reads it; one it does not know stays as the validator wrote it. */
export function visitorError(validatorText: string, translator: Translator): string {
  const found = VISITOR_ERRORS.get(validatorText);
  return found ? translator.t(found[0], found[1]) : validatorText;
}

/** A form's refusals (field → validator text) as the visitor reads them. */
export function visitorErrors(
  errors: Readonly<Record<string, string>>,
  translator: Translator,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, visitorError(text, translator)]));
}
