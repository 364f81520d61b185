import type { Messages } from '../messages.js';
import type { team as source } from '../tr/team.js';

export const team: Messages<typeof source> = {
  'team.skip': 'Перейти к содержимому',
  'team.logo': 'Логотип {name}',
  'team.description':
    'Команда {name}: {count, plural,' +
    ' one {цифровая визитка # человека}' +
    ' few {цифровые визитки # человек}' +
    ' many {цифровые визитки # человек}' +
    ' other {цифровые визитки # человека}}.',
  'team.heading': 'Наша команда',
  'team.empty': 'У этой компании пока нет опубликованных визиток.',
  'team.madeWith': 'Создано с помощью {brand}',
};
