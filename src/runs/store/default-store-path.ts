/** Default location of the store, relative to the working directory. (Its own module: the CLI's help reads it.) */
export const DEFAULT_STORE_PATH = '.toolgauge/toolgauge.db';
