// A detail screen's tabs: from the definition, or one form tab with the whole form when it has
// none. Only form tabs work on a record that is not saved yet: child rows, the status log and the
// dashboard need its AutoID.
import type { ScreenInfo } from '../../api/index.ts';

export type DetailTab = NonNullable<ScreenInfo['tabs']>[number];

/** The whole form when the screen defines no tabs; `formTab` undefined means all groups. */
export const WHOLE_FORM = 'form';

export function detailTabs(screen: Pick<ScreenInfo, 'tabs'>, wholeFormTitle: string): readonly DetailTab[] {
  if (screen.tabs?.length) return screen.tabs;
  return [{ name: WHOLE_FORM, title: wholeFormTitle, kind: 'form' }];
}

/** Whether the tab shows only its groups (a defined form tab) or the whole form (no tabs defined). */
export function tabOfForm(screen: Pick<ScreenInfo, 'tabs'>, tab: DetailTab): { formTab?: string } | undefined {
  if (tab.kind !== 'form' || !screen.tabs?.length) return undefined;
  return { formTab: tab.formTab };
}

export function tabEnabled(tab: DetailTab, saved: boolean): boolean {
  return tab.kind === 'form' || saved;
}
