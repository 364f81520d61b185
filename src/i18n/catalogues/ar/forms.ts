import type { Messages } from '../messages.js';
import type { forms as source } from '../tr/forms.js';

export const forms: Messages<typeof source> = {
  'forms.send': 'إرسال',
  'forms.trap': 'اترك هذا الحقل فارغًا',
  'forms.message.heading': 'اقتراحات وشكاوى',
  'forms.message.intro': 'أرسل رأيك دون ذكر اسمك. لا تتم مشاركة هويتك.',
  'forms.message.label': 'رسالتك',
  'forms.message.counter':
    '{max, plural, zero {بلا أحرف} one {حرف واحد كحد أقصى} two {حرفان كحد أقصى} few {# أحرف كحد أقصى} ' +
    'many {# حرفًا كحد أقصى} other {# حرف كحد أقصى}}',
  'forms.message.sent': 'تم إرسال رسالتك',
  'forms.message.failed': 'تعذّر إرسال الرسالة',
  'forms.message.required': 'يُرجى كتابة رسالة.',
  'forms.message.tooLong':
    'لا يمكن أن تتجاوز الرسالة {max, plural, zero {# حرف} one {حرفًا واحدًا} two {حرفين} few {# أحرف} ' +
    'many {# حرفًا} other {# حرف}}.',
  'forms.message.tooFast': 'تعذّر إرسال الرسالة. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  'forms.message.expired': 'تعذّر إرسال الرسالة. يُرجى تحديث الصفحة والمحاولة مرة أخرى.',
  'forms.message.stale':
    'لم تُرسل الرسالة لأن هذه الصفحة مفتوحة منذ أكثر من يوم. رسالتك ما زالت في الأسفل؛ ' +
    'اضغط على زر إرسال مرة أخرى لإرسالها.',
  'forms.message.tooMany': 'تم إرسال عدد كبير جدًا من الرسائل. يُرجى المحاولة لاحقًا.',
  'forms.lead.heading': 'اترك بيانات التواصل',
  'forms.lead.prompt': 'اترك بياناتك وسنتواصل معك.',
  'forms.lead.open': 'اترك بياناتي',
  'forms.lead.name': 'الاسم الكامل',
  'forms.lead.phone': 'الهاتف',
  'forms.lead.email': 'البريد الإلكتروني',
  'forms.lead.eitherHint': 'يكفي رقم الهاتف أو البريد الإلكتروني.',
  'forms.lead.note': 'ملاحظتك (اختياري)',
  'forms.lead.consent': 'أوافق صراحةً على التواصل معي عبر هذه البيانات.',
  'forms.lead.notice': 'إشعار الخصوصية',
  'forms.notice.version': 'الإصدار {version}',
  'forms.notice.back': 'العودة إلى الملف الشخصي',
  'forms.lead.thanksTitle': 'شكرًا لك، تم إرسال بياناتك.',
  'forms.lead.thanksBody': 'سيتم التواصل معك في أقرب وقت ممكن.',
  'forms.lead.addUs': 'أضف بياناتنا أيضًا إلى جهات اتصالك:',
  'forms.lead.fieldsRefused': 'لم تُرسل بياناتك: يُرجى تصحيح الحقول المحددة.',
  'forms.lead.failed': 'تعذّر إرسال بياناتك. يُرجى المحاولة لاحقًا.',
  'forms.lead.tooFast': 'تعذّر إرسال بياناتك. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  'forms.lead.expired': 'تعذّر إرسال بياناتك. يُرجى تحديث الصفحة والمحاولة مرة أخرى.',
  'forms.lead.stale':
    'لم تُرسل بياناتك لأن هذه الصفحة مفتوحة منذ أكثر من يوم. ما كتبته ما زال في الأسفل؛ ' +
    'اضغط على زر إرسال مرة أخرى لإرساله.',
  'forms.lead.tooMany': 'تم إرسال عدد كبير جدًا من النماذج من هذا الاتصال. يُرجى المحاولة لاحقًا.',
  'forms.lead.noticeChanged':
    'تم تحديث إشعار الخصوصية أثناء ملئك للنموذج. يُرجى قراءة النص الجديد وتحديد مربع الموافقة مرة أخرى.',
  'forms.lead.textInvalid': 'يحتوي هذا النص على أحرف غير مسموح بها.',
  'forms.lead.nameRequired': 'يُرجى كتابة اسمك.',
  'forms.lead.nameTooLong':
    'لا يمكن أن يتجاوز الاسم {max, plural, zero {# حرف} one {حرفًا واحدًا} two {حرفين} few {# أحرف} ' +
    'many {# حرفًا} other {# حرف}}.',
  'forms.lead.contactRequired': 'اكتب رقم هاتفك أو بريدك الإلكتروني لنتمكن من التواصل معك.',
  'forms.lead.phoneRequired': 'يُرجى كتابة رقم هاتفك.',
  'forms.lead.emailRequired': 'يُرجى كتابة بريدك الإلكتروني.',
  'forms.lead.noteTooLong':
    'لا يمكن أن تتجاوز الملاحظة {max, plural, zero {# حرف} one {حرفًا واحدًا} two {حرفين} few {# أحرف} ' +
    'many {# حرفًا} other {# حرف}}.',
  'forms.lead.consentRequired': 'لترك بياناتك، حدّد مربع الموافقة على التواصل معك.',
  'forms.lead.phoneInvalid': 'أدخل رقم هاتف صحيحًا. ابدأ الأرقام الدولية بعلامة +.',
  'forms.lead.phoneTooShort':
    'يجب أن يتكون رقم الهاتف من {min, plural, zero {# رقم} one {رقم واحد} two {رقمين} few {# أرقام} ' +
    'many {# رقمًا} other {# رقم}} على الأقل.',
  'forms.lead.phoneTooLong':
    'لا يمكن أن يتجاوز رقم الهاتف {max, plural, zero {# رقم} one {رقم واحد} two {رقمين} few {# أرقام} ' +
    'many {# رقمًا} other {# رقم}}.',
  'forms.lead.emailInvalid': 'أدخل بريدًا إلكترونيًا صحيحًا.',
};
