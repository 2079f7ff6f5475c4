import { Trans, useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { fieldOptions, formContextOf, inputClass } from '../context.ts';
import { canClear, entryValue, isArchivedEntry } from '../rules/index.ts';
import { usePicker } from '../usePicker.ts';
import { AdvancedSearch } from './AdvancedSearch.tsx';

/**
 * A lookup list, or a catalogue of the definitions (the rights, chosen by code): type to search,
 * arrows to move, Enter or Tab to accept, F4 for the advanced search.
 */
export function ListPickerWidget(props: WidgetProps) {
  const { t } = useLingui();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, registry } = props;
  const { property, listParameters } = fieldOptions(props);
  const context = formContextOf(registry);
  const config = property.Settings.ListConfig!;
  const picker = usePicker({
    value,
    descr: context.record[`${property.FieldName}_Descr`],
    config,
    parameters: listParameters ?? {},
    client: context.client,
    onChange: (next) => onChange(next),
  });
  const { state } = picker;
  const input = useRef<HTMLInputElement>(null);
  const bottom = useRef<HTMLLIElement>(null);
  const locked = Boolean(disabled || readonly);
  const listId = `${id}__list`;

  // More results load when the end of the dropdown comes into view.
  useEffect(() => {
    const target = bottom.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) picker.loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [state.open, state.hasMore, picker.loadMore]);

  const clearable = canClear({ value, enabled: !locked, allowEmpty: true, required: Boolean(props.required) });
  return (
    <div className="form-picker">
      <input
        ref={input}
        id={id}
        name={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-expanded={state.open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-required={props.required}
        aria-activedescendant={state.open && state.highlight >= 0 ? `${listId}_${state.highlight}` : undefined}
        className={inputClass(props, value ?? '', 'form-picker-input')}
        value={state.text}
        disabled={disabled}
        readOnly={readonly}
        onFocus={(e) => {
          if (!locked) {
            picker.focus(e.relatedTarget instanceof Element);
            // The value stays shown, selected: typing replaces it, Tab leaves it.
            e.currentTarget.select();
          }
          onFocus(id, value);
        }}
        onClick={() => {
          if (!locked) picker.open();
        }}
        onBlur={() => {
          picker.blur();
          onBlur(id, value);
        }}
        onChange={(e) => picker.type(e.target.value)}
        onKeyDown={(e) => {
          if (locked) return;
          if (e.key === 'Escape' && state.open) e.stopPropagation();
          if (picker.onKey(e.key, e.keyCode, () => input.current?.blur())) e.preventDefault();
        }}
      />
      {picker.singleError && (
        <span className="form-picker-error" role="img" aria-label={picker.singleError} title={picker.singleError}>
          !
        </span>
      )}
      {clearable && (
        <button
          type="button"
          className="form-picker-clear"
          tabIndex={-1}
          aria-label={t`Leegmaken`}
          onClick={() => picker.accept(null)}
        >
          ×
        </button>
      )}
      {!locked && (
        <button
          type="button"
          className="form-picker-search"
          tabIndex={-1}
          aria-label={t`Uitgebreid zoeken`}
          title="F4"
          onClick={picker.openAdvanced}
        >
          …
        </button>
      )}
      {state.open && (
        // tabIndex -1: a list long enough to scroll is not a Tab stop of its own (Tab leaves the picker).
        <ul
          id={listId}
          role="listbox"
          tabIndex={-1}
          className="form-picker-list"
          onMouseDown={(e) => e.preventDefault()}
        >
          {state.items.map((item, i) => (
            <li
              key={String(entryValue(item, config))}
              id={`${listId}_${i}`}
              role="option"
              aria-selected={i === state.highlight}
              className={
                [i === state.highlight ? 'form-picker-active' : '', isArchivedEntry(item) ? 'form-archived' : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              // Focus stays in the input (the list's mousedown keeps it there), so Ctrl+S saves the pick.
              onClick={() => picker.accept(item)}
            >
              {item.Descr}
              {'Detail' in item && item.Detail && <span className="form-picker-detail"> · {item.Detail}</span>}
            </li>
          ))}
          {!state.loading && state.items.length === 0 && (
            <li className="form-empty">
              <Trans>Geen resultaten</Trans>
            </li>
          )}
          {state.hasMore && <li ref={bottom} className="form-picker-more" aria-hidden="true" />}
        </ul>
      )}
      {state.advanced && (
        <AdvancedSearch
          title={props.label}
          listMethod={config.ListMethod}
          valueField={config.ValueField}
          parameters={listParameters ?? {}}
          client={context.client}
          onPick={(entry) => picker.accept(entry)}
          onClose={picker.closeAdvanced}
        />
      )}
    </div>
  );
}
