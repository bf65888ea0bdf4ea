import type { Domain } from '../domain.js';
import { searchHoliday } from './search-holiday.js';

export const holidayDomain: Domain = {
  name: 'holiday',
  description:
    'Dates of holidays by name for any year from 1980 to 2050, computed by rule (US holidays and common observances, Easter, Chinese New Year, Diwali).',
  tables: [],
  tools: [searchHoliday],
};
