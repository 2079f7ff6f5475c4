// The import destinations for a component: those it was given, else GetDestinations' answer
// (null until it came, or when it failed).
import { useEffect, useState } from 'react';
import type { ImportDestination } from '../../api/index.ts';
import { importDestinations } from './destinations.ts';

export function useDestinations(known?: readonly ImportDestination[]): readonly ImportDestination[] | null {
  const [destinations, setDestinations] = useState<readonly ImportDestination[] | null>(known ?? null);
  const given = Boolean(known);
  useEffect(() => {
    if (given) return;
    let live = true;
    importDestinations().then(
      (list) => {
        if (live) setDestinations(list);
      },
      () => {
        /* logged; no import offered */
      },
    );
    return () => {
      live = false;
    };
  }, [given]);
  return known ?? destinations;
}
