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

const AREA_LABELS: Record<string, MessageDescriptor> = {
  settings: msg`Instellingen`,
  systemtables: msg`Systeemtabellen`,
};

/** A menu group's title: the area's own for settings and system tables, else its parent's label. */
export function groupTitle(routes: readonly ScreenInfo[], parent: string, area: string): string {
  const own = AREA_LABELS[area];
  if (own) return i18n._(own);
  return parent ? parentLabel(routes, parent) : i18n._(msg`Overig`);
}

/** A parent's label: the title of its route, a known group label, else its name. */
export function parentLabel(routes: readonly ScreenInfo[], parent: string): string {
  const route = routes.find((r) => r.name === parent);
  if (route) return route.title;
  const known = PARENT_LABELS[parent];
  return known ? i18n._(known) : parent;
}
