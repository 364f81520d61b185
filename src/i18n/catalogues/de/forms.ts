import type { Messages } from '../messages.js';
import type { forms as source } from '../tr/forms.js';

export const forms: Messages<typeof source> = {
  'forms.send': 'Senden',
  'forms.trap': 'Dieses Feld leer lassen',
  'forms.message.heading': 'Vorschläge und Beschwerden',
  'forms.message.intro': 'Teilen Sie Ihre Meinung anonym mit. Ihre Identität wird nicht weitergegeben.',
  'forms.message.label': 'Ihre Nachricht',
  'forms.message.counter': 'Höchstens {max} Zeichen',
  'forms.message.sent': 'Ihre Nachricht wurde gesendet',
  'forms.message.failed': 'Die Nachricht konnte nicht gesendet werden',
  'forms.message.required': 'Bitte schreiben Sie eine Nachricht.',
  'forms.message.tooLong': 'Eine Nachricht darf höchstens {max} Zeichen lang sein.',
  'forms.message.tooFast':
    'Die Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es in ein paar Sekunden erneut.',
  'forms.message.expired':
    'Die Nachricht konnte nicht gesendet werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  'forms.message.stale':
    'Die Nachricht wurde nicht gesendet, weil diese Seite seit über einem Tag geöffnet ist. Ihre Nachricht steht ' +
    'noch unten; drücken Sie erneut auf Senden.',
  'forms.message.tooMany': 'Es wurden zu viele Nachrichten gesendet. Bitte versuchen Sie es etwas später erneut.',
  'forms.lead.heading': 'Kontaktdaten hinterlassen',
  'forms.lead.prompt': 'Hinterlassen Sie Ihre Daten, wir melden uns bei Ihnen.',
  'forms.lead.open': 'Meine Daten hinterlassen',
  'forms.lead.name': 'Ihr Vor- und Nachname',
  'forms.lead.phone': 'Telefonnummer',
  'forms.lead.email': 'E-Mail',
  'forms.lead.eitherHint': 'Telefonnummer oder E-Mail-Adresse genügt.',
  'forms.lead.note': 'Ihre Notiz (optional)',
  'forms.lead.consent': 'Ich willige ausdrücklich ein, unter diesen Angaben kontaktiert zu werden.',
  'forms.lead.notice': 'Datenschutzhinweis',
  'forms.notice.version': 'Version {version}',
  'forms.notice.back': 'Zurück zum Profil',
  'forms.lead.thanksTitle': 'Vielen Dank, Ihre Daten wurden übermittelt.',
  'forms.lead.thanksBody': 'Wir melden uns so bald wie möglich bei Ihnen.',
  'forms.lead.addUs': 'Nehmen Sie auch unsere Daten in Ihre Kontakte auf:',
  'forms.lead.fieldsRefused': 'Ihre Daten wurden nicht gesendet: Bitte korrigieren Sie die markierten Felder.',
  'forms.lead.failed': 'Ihre Daten konnten nicht gesendet werden. Bitte versuchen Sie es etwas später erneut.',
  'forms.lead.tooFast': 'Ihre Daten konnten nicht gesendet werden. Bitte versuchen Sie es in ein paar Sekunden erneut.',
  'forms.lead.expired':
    'Ihre Daten konnten nicht gesendet werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  'forms.lead.stale':
    'Ihre Daten wurden nicht gesendet, weil diese Seite seit über einem Tag geöffnet ist. Ihre Eingaben stehen ' +
    'noch unten; drücken Sie erneut auf Senden.',
  'forms.lead.tooMany':
    'Von dieser Verbindung wurden zu viele Formulare gesendet. Bitte versuchen Sie es etwas später erneut.',
  'forms.lead.noticeChanged':
    'Der Datenschutzhinweis wurde geändert, während Sie das Formular ausgefüllt haben. Bitte lesen Sie ihn und ' +
    'setzen Sie das Häkchen erneut.',
  'forms.lead.textInvalid': 'Dieser Text enthält Zeichen, die nicht verwendet werden können.',
  'forms.lead.nameRequired': 'Bitte geben Sie Ihren Namen ein.',
  'forms.lead.nameTooLong': 'Der Name darf höchstens {max} Zeichen lang sein.',
  'forms.lead.contactRequired':
    'Bitte geben Sie Ihre Telefonnummer oder E-Mail-Adresse ein, damit wir Sie erreichen können.',
  'forms.lead.phoneRequired': 'Bitte geben Sie Ihre Telefonnummer ein.',
  'forms.lead.emailRequired': 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  'forms.lead.noteTooLong': 'Die Notiz darf höchstens {max} Zeichen lang sein.',
  'forms.lead.consentRequired':
    'Um Ihre Daten zu hinterlassen, bestätigen Sie bitte Ihre Einwilligung zur Kontaktaufnahme.',
  'forms.lead.phoneInvalid': 'Geben Sie eine gültige Telefonnummer ein. Ausländische Nummern beginnen mit +.',
  'forms.lead.phoneTooShort': 'Eine Telefonnummer hat mindestens {min} Ziffern.',
  'forms.lead.phoneTooLong': 'Eine Telefonnummer hat höchstens {max} Ziffern.',
  'forms.lead.emailInvalid': 'Geben Sie eine gültige E-Mail-Adresse ein.',
};
