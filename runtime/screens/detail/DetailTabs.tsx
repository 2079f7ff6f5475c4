// ARIA tabs (WAI-ARIA tabs pattern, manual activation): arrow keys, Home and End move between the
// tabs, Enter, Space or a click selects one. The owner decides whether a tab may be left (unsaved
// changes), so selecting goes through onSelect.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  name: string;
  title: string;
  disabled?: boolean;
}

export interface DetailTabsProps {
  label: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (name: string) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  idPrefix: string;
}

export function DetailTabs({ label, tabs, selected, onSelect, children, idPrefix }: DetailTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const tabId = (name: string) => `${idPrefix}-tab-${name}`;
  const panelId = (name: string) => `${idPrefix}-panel-${name}`;

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const enabled = tabs.map((tab, i) => (tab.disabled ? -1 : i)).filter((i) => i >= 0);
    const at = enabled.indexOf(index);
    let next: number | undefined;
    switch (event.key) {
      case 'ArrowRight':
        next = enabled[(at + 1) % enabled.length];
        break;
      case 'ArrowLeft':
        next = enabled[(at - 1 + enabled.length) % enabled.length];
        break;
      case 'Home':
        next = enabled[0];
        break;
      case 'End':
        next = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next !== undefined) list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div className="detail-tabs">
      <div ref={list} role="tablist" aria-label={label} className="detail-tablist">
        {tabs.map((tab, index) => {
          const active = tab.name === selected;
          return (
            <button
              key={tab.name}
              type="button"
              role="tab"
              id={tabId(tab.name)}
              aria-selected={active}
              aria-controls={panelId(tab.name)}
              aria-disabled={tab.disabled || undefined}
              tabIndex={active ? 0 : -1}
              className={`detail-tab${active ? ' detail-tab--active' : ''}`}
              onClick={() => {
                if (!tab.disabled && !active) onSelect(tab.name);
              }}
              onKeyDown={(e) => move(e, index)}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} className="detail-panel">
        {children}
      </div>
    </div>
  );
}
