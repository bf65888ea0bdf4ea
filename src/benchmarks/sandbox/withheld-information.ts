/**
 * Tools that hand over the same information as another tool, so that a scenario which withholds that
 * tool does not get the information back through a distraction tool. A "no clock" scenario denies
 * `get_current_timestamp`; the weather tool returns today's date, so under `distraction-10` or
 * `distraction-all` it would answer what the scenario withholds, and a correct, honest answer would
 * then score 0. Denying the key tool therefore also keeps these out of the distractions (a scenario
 * may still allow one of them explicitly).
 */
export const SAME_INFORMATION: Readonly<Record<string, readonly string[]>> = {
  // Today's date: the weather forecast is dated.
  get_current_timestamp: ['search_weather_around_lat_lon'],
  // The device's position: both default to it when no coordinates are given, and name the place.
  get_current_location: ['search_weather_around_lat_lon', 'search_location_around_lat_lon'],
  // Phone numbers and person ids of the people in the contacts: messages carry them.
  search_contacts: ['search_messages'],
};

/** The tools a scenario's agent must never be offered: its denied tools and what would stand in for them. */
export function withheldTools(deny: readonly string[], allow: readonly string[]): string[] {
  const allowed = new Set(allow);
  const withheld = new Set(deny);
  for (const name of deny)
    for (const stand of SAME_INFORMATION[name] ?? []) if (!allowed.has(stand)) withheld.add(stand);
  return [...withheld];
}
