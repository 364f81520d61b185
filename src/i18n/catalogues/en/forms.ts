import type { Messages } from '../messages.js';
import type { forms as source } from '../tr/forms.js';

export const forms: Messages<typeof source> = {
  'forms.send': 'Send',
  'forms.trap': 'Leave this field empty',
  'forms.message.heading': 'Suggestions and Complaints',
  'forms.message.intro': 'Share your view anonymously. Your identity is not passed on.',
  'forms.message.label': 'Your message',
  'forms.message.counter': 'Up to {max} characters',
  'forms.message.sent': 'Your message was sent',
  'forms.message.failed': 'The message could not be sent',
  'forms.message.required': 'Please write a message.',
  'forms.message.tooLong': 'A message can be at most {max} characters long.',
  'forms.message.tooFast': 'The message could not be sent. Please try again in a few seconds.',
  'forms.message.expired': 'The message could not be sent. Please reload the page and try again.',
  'forms.message.stale':
    'The message was not sent because this page has been open for more than a day. Your message is still below; ' +
    'press Send again to send it.',
  'forms.message.tooMany': 'Too many messages were sent. Please try again a little later.',
  'forms.lead.heading': 'Leave your contact details',
  'forms.lead.prompt': 'Leave your details and we will get back to you.',
  'forms.lead.open': 'Leave my details',
  'forms.lead.name': 'Your full name',
  'forms.lead.phone': 'Phone',
  'forms.lead.email': 'Email',
  'forms.lead.eitherHint': 'A phone number or an email address is enough.',
  'forms.lead.note': 'Your note (optional)',
  'forms.lead.consent': 'I explicitly consent to being contacted with these details.',
  'forms.lead.notice': 'Privacy notice',
  'forms.notice.version': 'Version {version}',
  'forms.notice.back': 'Back to the profile',
  'forms.lead.thanksTitle': 'Thank you, your details were sent.',
  'forms.lead.thanksBody': 'You will be contacted as soon as possible.',
  'forms.lead.addUs': 'Add our details to your contacts too:',
  'forms.lead.fieldsRefused': 'Your details were not sent: please correct the marked fields.',
  'forms.lead.failed': 'Your details could not be sent. Please try again a little later.',
  'forms.lead.tooFast': 'Your details could not be sent. Please try again in a few seconds.',
  'forms.lead.expired': 'Your details could not be sent. Please reload the page and try again.',
  'forms.lead.stale':
    'Your details were not sent because this page has been open for more than a day. What you typed is still ' +
    'below; press Send again to send it.',
  'forms.lead.tooMany': 'Too many forms were sent from this connection. Please try again a little later.',
  'forms.lead.noticeChanged':
    'The privacy notice was updated while you were filling in the form. Please read the new notice and tick the ' +
    'consent box again.',
  'forms.lead.textInvalid': 'This text contains characters that cannot be used.',
  'forms.lead.nameRequired': 'Please enter your name.',
  'forms.lead.nameTooLong': 'The name can be at most {max} characters long.',
  'forms.lead.contactRequired': 'Please enter your phone number or your email address so we can reach you.',
  'forms.lead.phoneRequired': 'Please enter your phone number.',
  'forms.lead.emailRequired': 'Please enter your email address.',
  'forms.lead.noteTooLong': 'The note can be at most {max} characters long.',
  'forms.lead.consentRequired': 'To leave your details, tick the box giving your consent to be contacted.',
  'forms.lead.phoneInvalid': 'Enter a valid phone number. Start numbers from abroad with +.',
  'forms.lead.phoneTooShort': 'A phone number has at least {min} digits.',
  'forms.lead.phoneTooLong': 'A phone number has at most {max} digits.',
  'forms.lead.emailInvalid': 'Enter a valid email address.',
};
