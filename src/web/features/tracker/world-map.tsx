import { geoInterpolate, geoNaturalEarth1, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, MultiPoint } from 'geojson';
import { useId, useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land110m from 'world-atlas/land-110m.json';

/**
 * A route map drawn as SVG: Natural Earth coastlines (world-atlas land-110m) with no political
 * borders, so no contested boundary is drawn; the great-circle route, both airports and the
 * aircraft's position along the route.
 */

const WIDTH = 440;
const HEIGHT = 220;

type Point = { code: string; city: string; lat: number; lon: number };

const landTopology = land110m as unknown as Topology<{ land: GeometryCollection }>;
let landCache: Feature<Geometry> | FeatureCollection<Geometry> | undefined;
function land() {
  landCache ??= feature(landTopology, landTopology.objects.land);
  return landCache;
}

/** Corners around both airports, at least ~12° apart, so short hops still show their coast. */
function frame(origin: Point, destination: Point): MultiPoint {
  const minLat = Math.min(origin.lat, destination.lat);
  const maxLat = Math.max(origin.lat, destination.lat);
  let minLon = Math.min(origin.lon, destination.lon);
  let maxLon = Math.max(origin.lon, destination.lon);
  const padLat = Math.max(3, (12 - (maxLat - minLat)) / 2);
  const padLon = Math.max(4, (20 - (maxLon - minLon)) / 2);
  minLon -= padLon;
  maxLon += padLon;
  return {
    type: 'MultiPoint',
    coordinates: [
      [minLon, Math.max(-80, minLat - padLat)],
      [maxLon, Math.min(84, maxLat + padLat)],
      [minLon, Math.min(84, maxLat + padLat)],
      [maxLon, Math.max(-80, minLat - padLat)],
    ],
  };
}

export interface WorldMapProps {
  origin: Point;
  destination: Point;
  /** 0 before departure … 1 on arrival. */
  fraction: number;
  /** Show the aircraft symbol (airborne or on the ground at either end). */
  showAircraft: boolean;
}

export function WorldMap({ origin, destination, fraction, showAircraft }: WorldMapProps) {
  const titleId = useId();
  const drawing = useMemo(() => {
    const projection = geoNaturalEarth1().fitExtent(
      [
        [16, 16],
        [WIDTH - 16, HEIGHT - 16],
      ],
      frame(origin, destination),
    );
    const path = geoPath(projection);
    const a: [number, number] = [origin.lon, origin.lat];
    const b: [number, number] = [destination.lon, destination.lat];
    const along = geoInterpolate(a, b);
    const f = Math.min(1, Math.max(0, fraction));
    const here = along(f);
    const ahead = along(Math.min(1, f + 0.01));
    const behind = along(Math.max(0, f - 0.01));
    const p = projection(here);
    const p1 = projection(ahead);
    const p0 = projection(behind);
    const angle = p0 && p1 ? (Math.atan2(p1[1] - p0[1], p1[0] - p0[0]) * 180) / Math.PI : 0;
    return {
      land: path(land()) ?? '',
      route: path({ type: 'LineString', coordinates: [a, b] }) ?? '',
      flown: f > 0 ? (path({ type: 'LineString', coordinates: [a, here] }) ?? '') : '',
      from: projection(a),
      to: projection(b),
      plane: p ? { x: p[0], y: p[1], angle } : null,
    };
  }, [origin, destination, fraction]);
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const label = showAircraft
    ? `Map of the route from ${origin.city} (${origin.code}) to ${destination.city} (${destination.code}); the aircraft is ${percent}% of the way.`
    : `Map of the route from ${origin.city} (${origin.code}) to ${destination.city} (${destination.code}).`;
  return (
    <svg className="tracker-map" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{label}</title>
      <rect className="tm-sea" x="0" y="0" width={WIDTH} height={HEIGHT} />
      <path className="tm-land" d={drawing.land} />
      <path className="tm-route" d={drawing.route} />
      {drawing.flown ? <path className="tm-flown" d={drawing.flown} /> : null}
      {[
        { at: drawing.from, code: origin.code },
        { at: drawing.to, code: destination.code },
      ].map(({ at, code }) =>
        at ? (
          <g key={code} transform={`translate(${at[0]} ${at[1]})`}>
            <circle className="tm-airport" r="5" />
            <text className="tm-label" x="7" y="-7">
              {code}
            </text>
          </g>
        ) : null,
      )}
      {showAircraft && drawing.plane ? (
        <g className="tm-plane" transform={`translate(${drawing.plane.x} ${drawing.plane.y}) rotate(${drawing.plane.angle + 45})`}>
          {/* Lucide's plane (points north-east in its 24 × 24 box), centred and turned along the route. */}
          <path
            transform="translate(-12 -12)"
            d="M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z"
          />
        </g>
      ) : null}
    </svg>
  );
}
