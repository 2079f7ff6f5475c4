import { Trans, useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { fieldOptions, formContextOf, inputClass } from '../context.ts';
import {
  canClear,
  entryValue,
  hasPickerValue,
  isArchivedEntry,
  prefillValues,
  referenceOffer,
} from '../rules/index.ts';
import { usePicker } from '../usePicker.ts';
import { useReferenceRights } from '../useReferenceRights.ts';
import { AdvancedSearch } from './AdvancedSearch.tsx';

/**
 * A lookup list, or a catalogue of the definitions (the rights, chosen by code): type to search,
 * arrows to move, Enter or Tab to accept, F4 for the advanced search. Where the page can show the
 * list's rows, a chosen row opens in a dialog (the button beside it) and "+ Nieuw", the last entry
 * of the dropdown, makes a row in a dialog and picks it, as the user's rights on the table allow.
 */
export function ListPickerWidget(props: WidgetProps) {
  const { t } = useLingui();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, registry, label } = props;
  const { property, listParameters } = fieldOptions(props);
  const context = formContextOf(registry);
  const config = property.Settings.ListConfig!;
  const locked = Boolean(disabled || readonly);
  const references = context.references;
  const rights = useReferenceRights(config.Right, Boolean(references && config.Table));
  const offer = referenceOffer({ config, hasValue: hasPickerValue(value), locked, hosted: !!references, rights });
  const input = useRef<HTMLInputElement>(null);
  /** Focus coming back from a dialog the picker opened shows the value without opening the list. */
  const returning = useRef(false);

  const openReferenced = async () => {
    if (!references || !config.Table || !hasPickerValue(value)) return;
    await references({ table: config.Table, autoid: Number(value), title: label, readOnly: !offer.edit });
    // The row may have been changed (its description is what the field shows).
    picker.refresh();
  };

  const createReferenced = async () => {
    if (!references || !config.Table) return;
    returning.current = true;
    picker.blur();
    const saved = await references({
      table: config.Table,
      autoid: 0,
      title: t`${label}: nieuw`,
      readOnly: false,
      values: prefillValues(config, context.record),
    });
    const autoid = Number(saved?.AutoID ?? 0);
    if (autoid > 0) {
      // Picked as a choice from the list is: its text as the list names it.
      const entry = await context.client.single(config.SingleMethod, autoid).catch(() => null);
      if (entry) picker.accept(entry);
      else onChange(autoid);
    }
    // Focus is back in the field (so Ctrl+S saves the form), with the list closed.
    if (input.current && document.activeElement !== input.current) {
      returning.current = true;
      input.current.focus();
    }
    returning.current = false;
  };

  const picker = usePicker({
    value,
    descr: context.record[`${property.FieldName}_Descr`],
    config,
    parameters: listParameters ?? {},
    client: context.client,
    onChange: (next) => onChange(next),
    create: offer.create ? () => void createReferenced() : undefined,
  });
  const { state } = picker;
  const bottom = useRef<HTMLLIElement>(null);
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
          const back = returning.current;
          returning.current = false;
          if (!locked) {
            picker.focus(e.relatedTarget instanceof Element, !back);
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
      {offer.open && (
        <button
          type="button"
          id={`${id}__open`}
          className="form-picker-open"
          aria-label={t`${label} openen`}
          title={t`${label} openen`}
          onClick={() => void openReferenced()}
        >
          ↗
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
          {/* A listbox holds options only: the note that nothing was found is one that cannot be chosen. */}
          {!state.loading && state.items.length === 0 && (
            <li className="form-empty" role="option" aria-selected={false} aria-disabled="true">
              <Trans>Geen resultaten</Trans>
            </li>
          )}
          {state.hasMore && <li ref={bottom} className="form-picker-more" aria-hidden="true" />}
          {offer.create && (
            <li
              id={`${listId}_${state.items.length}`}
              role="option"
              aria-selected={state.highlight === state.items.length}
              className={`form-picker-new${state.highlight === state.items.length ? ' form-picker-active' : ''}`}
              onClick={() => void createReferenced()}
            >
              <Trans>+ Nieuw</Trans>
            </li>
          )}
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
