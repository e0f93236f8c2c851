/** Great-circle distance and block time (the facts file's formula). */

const EARTH_KM = 6371.0088;
const KM_PER_MILE = 1.609344;

/**
 * Great-circle distance in km.
 * @example distanceKm(28.56, 77.1, 19.09, 72.87) // ≈ 1140
 */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Block minutes ≈ 0.117 × miles + 0.517 × (origin lon − destination lon) + 43.2, with the
 * slope flattened past 8,000 km (long hauls cruise more efficiently), rounded to 5 minutes.
 * @example blockMinutes(1140, 77.1, 72.87) // 130
 */
export function blockMinutes(km: number, originLon: number, destinationLon: number): number {
  const miles = km / KM_PER_MILE;
  const knee = 8000 / KM_PER_MILE;
  const distancePart = miles <= knee ? 0.117 * miles : 0.117 * knee + 0.092 * (miles - knee);
  let dLon = originLon - destinationLon;
  if (dLon > 180) dLon -= 360;
  if (dLon < -180) dLon += 360;
  const minutes = distancePart + 0.517 * dLon + 43.2;
  return Math.max(30, Math.round(minutes / 5) * 5);
}
