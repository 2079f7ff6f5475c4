// Save the working view as a new view (spec 1 section 2 "Save-layout dialog"): a name, the layout
// types the user may change (the personal view first, the first one preselected), for a system
// view who sees it (everyone or one security group), and whether it becomes the default. Busy
// while saving, closed on success; the server's ModelState shows under the fields.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { LAYOUT_NAME_MAX_LENGTH, LAYOUT_TYPE, cleanLayoutName } from '../../definitions/language/index.ts';
import { api } from '../api/index.ts';
import type { Layout, LayoutContent, LayoutType, ShareableGroup, ViewPermissions } from '../api/index.ts';
import { Modal, showAlert, toast } from '../ui/dialogs/index.ts';
import type { ViewClient } from './types.ts';
import { layoutNameProblem, permittedTypes, takenNames, type NameProblem } from './viewRules.ts';
import { createView, listShareableGroups, listViews, type FieldErrors } from './viewsController.ts';

export interface SaveLayoutDialogProps {
  control: string;
  permissions: ViewPermissions;
  /** The working view to save, read when saving. */
  content: () => LayoutContent;
  onSaved: (layout: Layout) => void;
  onClose: () => void;
  client?: Pick<ViewClient, 'createLayout' | 'layouts' | 'shareableGroups'>;
}

export function SaveLayoutDialog({
  control,
  permissions,
  content,
  onSaved,
  onClose,
  client = api,
}: SaveLayoutDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const types = permittedTypes(permissions);
  const [name, setName] = useState('');
  const [type, setType] = useState<LayoutType>(types[0] ?? LAYOUT_TYPE.User);
  const [group, setGroup] = useState('');
  const [setAsDefault, setSetAsDefault] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [listed, setListed] = useState<Layout[]>([]);
  const [groups, setGroups] = useState<ShareableGroup[]>([]);
  const offersSystem = types.includes(LAYOUT_TYPE.System);

  useEffect(() => {
    let live = true;
    // Only for the name check before saving; the server checks again.
    void listViews(client, control).then((answer) => {
      if (live && answer) setListed(answer);
    });
    if (offersSystem)
      void listShareableGroups(client).then((answer) => {
        if (live && answer) setGroups(answer);
      });
    return () => {
      live = false;
    };
  }, [client, control, offersSystem]);

  const problem = layoutNameProblem(name, takenNames(listed, type));
  const problemText = (p: NameProblem): string => {
    const text = cleanLayoutName(name);
    const max = LAYOUT_NAME_MAX_LENGTH;
    switch (p) {
      case 'required':
        return t`Geef de weergave een naam.`;
      case 'too_long':
        return t`De naam van een weergave heeft hoogstens ${max} tekens.`;
      case 'characters':
        return t`De naam van een weergave bestaat uit letters, cijfers, spaties en - _ . ( ) & /.`;
      case 'taken':
        return t`Er is al een weergave met de naam ${text} in dit overzicht.`;
    }
  };
  const errorsOf = (field: string) =>
    Object.entries(serverErrors)
      .filter(([key]) => key.toLowerCase() === field.toLowerCase())
      .flatMap(([, messages]) => messages);
  const nameErrors = [...(problem && (tried || name !== '') ? [problemText(problem)] : []), ...errorsOf('Name')];
  const shownFields = ['name', 'layouttype', 'securitygroupid'];
  const general = Object.entries(serverErrors)
    .filter(([key]) => !shownFields.includes(key.toLowerCase()))
    .flatMap(([, messages]) => messages);

  const save = async () => {
    setTried(true);
    if (problem || saving) return;
    setSaving(true);
    setServerErrors({});
    const result = await createView(client, control, { name, content: content(), type, group, setAsDefault });
    if ('layout' in result) {
      toast('success', t({ id: 'grid.maintenanceview.layout_saved', message: 'De weergave is opgeslagen.' }));
      onSaved(result.layout);
      onClose();
    } else {
      setServerErrors(result.errors);
      showAlert(
        t({ id: 'grid.maintenanceview.errors.creating_layout', message: 'Fout bij het aanmaken van de weergave.' }),
      );
    }
    setSaving(false);
  };

  const fieldErrors = (messages: string[], errorId: string) =>
    messages.length > 0 && (
      <div id={errorId} className="grid-field-error">
        {messages.map((m, i) => (
          <div key={i}>{m}</div>
        ))}
      </div>
    );

  return (
    <Modal
      title={t`Weergave opslaan als`}
      onClose={() => (saving ? false : onClose())}
      className="grid-dialog"
      busy={saving}
      footer={
        <>
          <button
            type="submit"
            form={`${id}-form`}
            className="app-button app-button--primary"
            disabled={saving}
            aria-busy={saving || undefined}
          >
            {t`Opslaan`}
          </button>
          <button type="button" className="app-button" disabled={saving} onClick={onClose}>{t`Annuleren`}</button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {general.length > 0 && (
          <div role="alert" className="grid-alert">
            {general.map((m, i) => (
              <div key={i}>{m}</div>
            ))}
          </div>
        )}
        <label htmlFor={`${id}-name`}>{t`Naam`}</label>
        <div>
          <input
            id={`${id}-name`}
            type="text"
            value={name}
            required
            aria-required
            aria-invalid={nameErrors.length > 0 || undefined}
            aria-describedby={nameErrors.length ? `${id}-name-error` : undefined}
            disabled={saving}
            onChange={(e) => {
              setName(e.target.value);
              setServerErrors(({ Name: _, ...rest }) => rest);
            }}
          />
          {fieldErrors(nameErrors, `${id}-name-error`)}
        </div>
        <label htmlFor={`${id}-type`}>{t`Soort`}</label>
        <div>
          <select
            id={`${id}-type`}
            value={type}
            disabled={saving}
            onChange={(e) => setType(Number(e.target.value) as LayoutType)}
          >
            {types.map((option) => (
              <option key={option} value={option}>
                {option === LAYOUT_TYPE.System ? t`Systeemweergave` : t`Gebruikersweergave`}
              </option>
            ))}
          </select>
          {fieldErrors(errorsOf('LayoutType'), `${id}-type-error`)}
        </div>
        {type === LAYOUT_TYPE.System && (
          <>
            <label htmlFor={`${id}-group`}>{t`Zichtbaar voor`}</label>
            <div>
              <select id={`${id}-group`} value={group} disabled={saving} onChange={(e) => setGroup(e.target.value)}>
                <option value="">{t`Iedereen`}</option>
                {groups.map((g) => (
                  <option key={g.AutoID} value={g.AutoID}>
                    {g.Descr || g.ID}
                  </option>
                ))}
              </select>
              {fieldErrors(errorsOf('SecurityGroupID'), `${id}-group-error`)}
            </div>
          </>
        )}
        <label className="grid-form-check">
          <input
            type="checkbox"
            checked={setAsDefault}
            disabled={saving}
            onChange={(e) => setSetAsDefault(e.target.checked)}
          />
          {t`Als standaard instellen`}
        </label>
      </form>
    </Modal>
  );
}
