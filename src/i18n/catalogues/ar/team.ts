import type { Messages } from '../messages.js';
import type { team as source } from '../tr/team.js';

export const team: Messages<typeof source> = {
  'team.skip': 'انتقل إلى المحتوى',
  'team.logo': 'شعار {name}',
  'team.heading': 'فريقنا',
  'team.empty': 'لا توجد لدى هذه الشركة بطاقة منشورة بعد.',
  'team.madeWith': 'أُنشئت باستخدام {brand}',
};
