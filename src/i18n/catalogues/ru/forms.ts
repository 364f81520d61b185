import type { Messages } from '../messages.js';
import type { forms as source } from '../tr/forms.js';

export const forms: Messages<typeof source> = {
  'forms.send': 'Отправить',
  'forms.trap': 'Оставьте это поле пустым',
  'forms.message.heading': 'Предложения и жалобы',
  'forms.message.intro': 'Поделитесь мнением анонимно. Ваши данные никому не передаются.',
  'forms.message.label': 'Ваше сообщение',
  'forms.message.counter':
    'Не более {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'forms.message.sent': 'Ваше сообщение отправлено',
  'forms.message.failed': 'Не удалось отправить сообщение',
  'forms.message.required': 'Пожалуйста, напишите сообщение.',
  'forms.message.tooLong':
    'Сообщение может содержать не более {max, plural, one {# символа} few {# символов} many {# символов} ' +
    'other {# символа}}.',
  'forms.message.tooFast': 'Не удалось отправить сообщение. Попробуйте ещё раз через несколько секунд.',
  'forms.message.expired': 'Не удалось отправить сообщение. Обновите страницу и попробуйте ещё раз.',
  'forms.message.stale':
    'Сообщение не отправлено: эта страница открыта больше суток. Ваше сообщение осталось ниже; ' +
    'чтобы отправить его, нажмите «Отправить» ещё раз.',
  'forms.message.tooMany': 'Отправлено слишком много сообщений. Попробуйте немного позже.',
  'forms.lead.heading': 'Оставьте контакты',
  'forms.lead.prompt': 'Оставьте свои данные, и мы с вами свяжемся.',
  'forms.lead.open': 'Оставить контакты',
  'forms.lead.name': 'Имя и фамилия',
  'forms.lead.phone': 'Телефон',
  'forms.lead.email': 'Эл. почта',
  'forms.lead.eitherHint': 'Достаточно телефона или адреса эл. почты.',
  'forms.lead.note': 'Примечание (необязательно)',
  'forms.lead.consent': 'Я даю явное согласие на то, чтобы со мной связались по этим данным.',
  'forms.lead.notice': 'Уведомление о персональных данных',
  'forms.notice.version': 'Версия {version}',
  'forms.notice.back': 'Вернуться к профилю',
  'forms.lead.thanksTitle': 'Спасибо, ваши данные переданы.',
  'forms.lead.thanksBody': 'С вами свяжутся в ближайшее время.',
  'forms.lead.addUs': 'Добавьте и наши данные в свои контакты:',
  'forms.lead.fieldsRefused': 'Ваши данные не отправлены: исправьте отмеченные поля.',
  'forms.lead.failed': 'Не удалось отправить ваши данные. Попробуйте немного позже.',
  'forms.lead.tooFast': 'Не удалось отправить ваши данные. Попробуйте ещё раз через несколько секунд.',
  'forms.lead.expired': 'Не удалось отправить ваши данные. Обновите страницу и попробуйте ещё раз.',
  'forms.lead.stale':
    'Ваши данные не отправлены: эта страница открыта больше суток. Введённое осталось ниже; ' +
    'чтобы отправить, нажмите «Отправить» ещё раз.',
  'forms.lead.tooMany': 'С этого подключения отправлено слишком много форм. Попробуйте немного позже.',
  'forms.lead.noticeChanged':
    'Пока вы заполняли форму, уведомление о персональных данных изменилось. Прочитайте новый текст и ' +
    'снова отметьте согласие.',
  'forms.lead.textInvalid': 'Этот текст содержит недопустимые символы.',
  'forms.lead.nameRequired': 'Пожалуйста, укажите имя.',
  'forms.lead.nameTooLong':
    'Имя может содержать не более {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}.',
  'forms.lead.contactRequired': 'Укажите телефон или адрес эл. почты, чтобы мы могли с вами связаться.',
  'forms.lead.phoneRequired': 'Пожалуйста, укажите номер телефона.',
  'forms.lead.emailRequired': 'Пожалуйста, укажите адрес эл. почты.',
  'forms.lead.noteTooLong':
    'Примечание может содержать не более {max, plural, one {# символа} few {# символов} many {# символов} ' +
    'other {# символа}}.',
  'forms.lead.consentRequired': 'Чтобы оставить данные, отметьте согласие на то, чтобы с вами связались.',
  'forms.lead.phoneInvalid': 'Введите правильный номер телефона. Иностранные номера начинайте с +.',
  'forms.lead.phoneTooShort':
    'Номер телефона должен содержать не менее {min, plural, one {# цифры} few {# цифр} many {# цифр} other {# цифры}}.',
  'forms.lead.phoneTooLong':
    'Номер телефона может содержать не более {max, plural, one {# цифры} few {# цифр} many {# цифр} other {# цифры}}.',
  'forms.lead.emailInvalid': 'Введите правильный адрес эл. почты.',
};
