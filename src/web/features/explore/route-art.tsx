import { useId } from 'react';
import type { ExploreRoute } from '../../../core/explore-schemas';

type Art = ExploreRoute['art'];

const SKIES: Record<Art, [string, string]> = {
  city: ['#1e3a8a', '#f59e0b'],
  beach: ['#0ea5e9', '#fde68a'],
  mountain: ['#1d4ed8', '#bfdbfe'],
  desert: ['#c2410c', '#fcd34d'],
  heritage: ['#7c3aed', '#fda4af'],
  island: ['#0891b2', '#a7f3d0'],
};

/** The scene's ground, drawn in a 320×180 box. */
function Ground({ art }: { art: Art }) {
  switch (art) {
    case 'city':
      return (
        <g fill="#0f172a" opacity="0.85">
          <rect x="20" y="100" width="26" height="80" />
          <rect x="50" y="78" width="22" height="102" />
          <rect x="76" y="112" width="30" height="68" />
          <rect x="110" y="90" width="18" height="90" />
          <rect x="196" y="96" width="24" height="84" />
          <rect x="224" y="70" width="20" height="110" />
          <rect x="248" y="108" width="34" height="72" />
          <rect x="286" y="88" width="22" height="92" />
        </g>
      );
    case 'beach':
      return (
        <g>
          <path d="M0 128 Q80 118 160 128 T320 126 V180 H0Z" fill="#0284c7" opacity="0.8" />
          <path d="M0 150 Q90 140 180 152 T320 148 V180 H0Z" fill="#fcd34d" />
          <path d="M250 150 C248 126 252 112 262 98" stroke="#78350f" strokeWidth="4" fill="none" />
          <path d="M262 98 q-22 -4 -32 8 M262 98 q20 -8 30 4 M262 98 q-6 -16 -22 -18 M262 98 q10 -14 26 -12" stroke="#15803d" strokeWidth="5" fill="none" strokeLinecap="round" />
        </g>
      );
    case 'mountain':
      return (
        <g>
          <path d="M0 180 L70 88 L120 140 L190 60 L260 130 L320 96 V180Z" fill="#334155" />
          <path d="M190 60 L170 86 L182 82 L192 92 L204 80 L214 88Z M70 88 L58 104 L70 100 L80 108 L86 98Z" fill="#f8fafc" />
          <path d="M0 180 Q110 150 200 168 T320 160 V180Z" fill="#166534" />
        </g>
      );
    case 'desert':
      return (
        <g>
          <path d="M0 150 Q80 126 160 148 T320 140 V180 H0Z" fill="#f59e0b" />
          <path d="M0 166 Q100 150 200 166 T320 162 V180 H0Z" fill="#d97706" />
          <path d="M230 150 L236 46 L242 150Z" fill="#1f2937" />
          <rect x="206" y="112" width="14" height="38" fill="#1f2937" />
          <rect x="252" y="104" width="14" height="46" fill="#1f2937" />
        </g>
      );
    case 'heritage':
      return (
        <g fill="#1e1b4b" opacity="0.9">
          <path d="M120 180 V120 H200 V180Z" />
          <path d="M124 120 Q160 60 196 120Z" />
          <rect x="156" y="56" width="8" height="14" />
          <rect x="96" y="96" width="10" height="84" />
          <rect x="214" y="96" width="10" height="84" />
          <circle cx="101" cy="94" r="7" />
          <circle cx="219" cy="94" r="7" />
          <path d="M0 170 H320 V180 H0Z" />
        </g>
      );
    case 'island':
      return (
        <g>
          <path d="M0 132 H320 V180 H0Z" fill="#0e7490" />
          <ellipse cx="200" cy="134" rx="70" ry="12" fill="#fde68a" />
          <path d="M196 132 C194 112 198 100 206 90" stroke="#78350f" strokeWidth="4" fill="none" />
          <path d="M206 90 q-20 -2 -28 8 M206 90 q18 -6 26 4 M206 90 q-4 -14 -18 -16" stroke="#15803d" strokeWidth="5" fill="none" strokeLinecap="round" />
          <path d="M40 150 q10 -4 20 0 M90 160 q10 -4 20 0 M250 158 q10 -4 20 0" stroke="#a5f3fc" strokeWidth="2" fill="none" />
        </g>
      );
  }
}

/**
 * The route's card illustration: a bundled SVG scene for the destination's kind of place,
 * with a plane on a dashed arc from origin to destination (no photos are fetched).
 * @example <RouteArt art="beach" from="BOM" to="GOI" />
 */
export function RouteArt({ art, from, to, className }: { art: Art; from: string; to: string; className?: string }) {
  const id = useId().replace(/:/g, '');
  const [top, bottom] = SKIES[art];
  return (
    <svg className={className} viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`sky${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#sky${id})`} />
      <circle cx="118" cy="58" r="16" fill="#fff7ed" opacity="0.8" />
      <Ground art={art} />
      <path d="M28 86 Q160 6 292 70" stroke="#ffffff" strokeWidth="2" strokeDasharray="6 6" fill="none" opacity="0.9" />
      <g transform="translate(160 38) rotate(8)" fill="#ffffff">
        <path d="M-16 0 L16 0 L20 -3 L16 -4 L-12 -3Z" />
        <path d="M-2 -3 L-10 -14 L-4 -14 L8 -3Z M-2 0 L-10 10 L-4 10 L8 0Z M-14 -3 L-18 -9 L-14 -9 L-9 -3Z" />
      </g>
      <text x="22" y="112" fill="#ffffff" fontSize="14" fontWeight="700" fontFamily="inherit" opacity="0.95">
        {from}
      </text>
      <text x="298" y="100" fill="#ffffff" fontSize="14" fontWeight="700" fontFamily="inherit" textAnchor="end" opacity="0.95">
        {to}
      </text>
    </svg>
  );
}
