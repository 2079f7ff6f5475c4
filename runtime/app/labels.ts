// Labels for parents that are not routes themselves (the route table's groups).
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import type { ScreenInfo } from '../api/index.ts';

const PARENT_LABELS: Record<string, MessageDescriptor> = {
  admin: msg`Beheer`,
  backoffice: msg`Backoffice`,
  frontoffice: msg`Frontoffice`,
};

/** A parent's label: the title of its route, a known group label, else its name. */
export function parentLabel(routes: readonly ScreenInfo[], parent: string): string {
  const route = routes.find((r) => r.name === parent);
  if (route) return route.title;
  const known = PARENT_LABELS[parent];
  return known ? i18n._(known) : parent;
}
