/**
 * The gazetteer (`data/sandbox/places.json`): real places with their address, position and phone number,
 * used by the map tools. Chains have several branches in one city, so a search for a brand must be
 * disambiguated by distance.
 */
import { z } from 'zod';
import {
  formatVersionField,
  isoDateField,
  latitudeField,
  longitudeField,
  rejectDuplicates,
  timeZoneField,
} from './data-fields.js';
import { cachedDataFile } from './data-file.js';

const placeSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** What kind of place it is, e.g. `coffee shop`, `museum`. */
  category: z.string().min(1),
  /** The chain it belongs to, e.g. `Starbucks`; null for a one-off place. */
  brand: z.string().min(1).nullable(),
  /** The full postal address on one line, as a reverse geocoder would print it. */
  address: z.string().min(1),
  street: z.string(),
  city: z.string().min(1),
  region: z.string(),
  postalCode: z.string(),
  country: z.string().min(1),
  latitude: latitudeField,
  longitude: longitudeField,
  timeZone: timeZoneField,
  /** International form, e.g. `+14155550100`; null when the place has no public number. */
  phone: z.string().min(1).nullable(),
});

export const placesFileSchema = z.object({
  formatVersion: formatVersionField,
  asOf: isoDateField,
  places: z
    .array(placeSchema)
    .min(1)
    .superRefine((places, context) => rejectDuplicates(places, (place) => place.id, 'id', context)),
});

export type Place = z.output<typeof placeSchema>;
export type PlacesFile = z.output<typeof placesFileSchema>;

/** The gazetteer, read on first use. */
export const loadPlaces = cachedDataFile('places.json', placesFileSchema);
