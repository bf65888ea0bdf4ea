/**
 * Other names people use for the holidays of the calendar, keyed by the calendar's own name. Matching
 * normalises case and punctuation, so "New Year's Day" already matches "new years day".
 */
export const HOLIDAY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "New Year's Day": ['new year', 'new years', 'new year day'],
  'Martin Luther King Jr. Day': ['mlk day', 'mlk', 'mlk jr day', 'martin luther king day', 'martin luther king'],
  "Washington's Birthday": ['presidents day', 'president day', 'presidents birthday'],
  'Independence Day': ['fourth of july', '4th of july', 'july 4th', 'july fourth', 'july 4'],
  'Labor Day': ['labour day'],
  'Columbus Day': ['indigenous peoples day'],
  'Thanksgiving Day': ['thanksgiving'],
  'Day after Thanksgiving Day': ['black friday', 'day after thanksgiving'],
  'Christmas Day': ['christmas', 'xmas', 'x mas', 'xmas day'],
  'Christmas Eve': ['xmas eve'],
  "New Year's Eve": ['silvester'],
  "Valentine's Day": ['valentines', 'valentine day', 'st valentines day', 'saint valentines day'],
  'Easter Sunday': ['easter', 'easter day'],
  "Mother's Day": ['mother day'],
  "Father's Day": ['father day'],
  Halloween: ['all hallows eve'],
  "St. Patrick's Day": ['saint patricks day', 'st paddys day', 'st pattys day'],
  'Chinese New Year': ['lunar new year', 'spring festival'],
  Diwali: ['deepavali', 'divali', 'festival of lights'],
};

/** Holidays named first when the calendar has no match, as examples of what can be asked for. */
export const WELL_KNOWN_HOLIDAYS: readonly string[] = [
  "New Year's Day",
  'Martin Luther King Jr. Day',
  "Washington's Birthday (Presidents' Day)",
  'Easter Sunday',
  'Memorial Day',
  'Juneteenth',
  'Independence Day',
  'Labor Day',
  'Thanksgiving Day',
  'Christmas Day',
  'Chinese New Year',
  'Diwali',
];
