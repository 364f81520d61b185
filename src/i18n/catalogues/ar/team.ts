import type { Messages } from '../messages.js';
import type { team as source } from '../tr/team.js';

export const team: Messages<typeof source> = {
  'team.skip': 'انتقل إلى المحتوى',
  'team.logo': 'شعار {name}',
  'team.description':
    'فريق {name}: {count, plural,' +
    ' zero {لا توجد بطاقات رقمية}' +
    ' one {البطاقة الرقمية لشخص واحد}' +
    ' two {البطاقتان الرقميتان لشخصين}' +
    ' few {البطاقات الرقمية لـ # أشخاص}' +
    ' many {البطاقات الرقمية لـ # شخصًا}' +
    ' other {البطاقات الرقمية لـ # شخص}}.',
  'team.heading': 'فريقنا',
  'team.empty': 'لا توجد لدى هذه الشركة بطاقة منشورة بعد.',
  'team.madeWith': 'أُنشئت باستخدام {brand}',
};
