// The GetForm answer as the server sends it (docs/api-guide.md, spec 1 section 3 "Server form definition").
import type { RulesLogic } from 'json-logic-js';
import type { FieldType } from '../../definitions/language/index.ts';

export interface ListConfig {
  ListMethod: string;
  SingleMethod: string;
  /** Names of the list's filter parameters. */
  Parameters: string[];
  GroupID: string | null;
  /** The list whose chosen value feeds this list's parameters. */
  ParentList: string | null;
  /** What the field stores of the chosen entry: a list row's AutoID (the default), or a catalogue entry's code (ID). */
  ValueField?: 'AutoID' | 'ID';
  /** A field with a listFilter: the lookup is asked for it (`table.Field`) with the record's fields it reads. */
  For?: string | null;
  /** The record's fields the listFilter reads. */
  Reads?: string[];
}

/** An action field (`actionsOf`): the field holding a catalogue code, and the call answering that entry's actions. */
export interface ActionsOfConfig {
  Field: string;
  SingleMethod: string;
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface PropertySettings {
  FieldLength: number | null;
  min: number | null;
  max: number | null;
  step: number | null;
  Integers: number | null;
  Decimals: number | null;
  Options: SelectOption[] | null;
  ListConfig: ListConfig | null;
  /** Offers only the actions of the catalogue entry another field holds. */
  ActionsOf?: ActionsOfConfig | null;
  /** A text in this language: shown only while the language is on offer. */
  ContentLanguage?: string | null;
  /** Not sent by the server today; honoured when a definition asks for digit-only keys. */
  NumericKeys?: boolean;
  /** Not sent by the server today; a text area with a user stamp. */
  UserStamp?: boolean;
}

export interface FormRules {
  visibleWhen: RulesLogic | boolean | null;
  enabledWhen: RulesLogic | boolean | null;
  requiredWhen: RulesLogic | boolean | null;
}

export interface FormProperty {
  FieldName: string;
  Label: string;
  Value: unknown;
  Required: boolean;
  Enabled: boolean;
  /** Hidden 0, Visible 1, ReadOnly 2, Required 3. */
  Visibility: number;
  Component: number;
  FieldType: FieldType;
  QuantityUnit: string | null;
  GroupID: string | null;
  Tab: string | null;
  Column: number | null;
  Settings: PropertySettings;
  Rules: FormRules;
}

export interface FormGroup {
  GroupID: string;
  Label: string | null;
  Tab: string | null;
  Column: number | null;
}

/** A rule across fields (table `checks`): the record is valid when ValidWhen holds, else Message shows under Fields. */
export interface FormCheck {
  Name: string;
  ValidWhen: RulesLogic | boolean;
  Message: string;
  Fields: string[];
}

/** A question before a save (table `confirms`): asked when When holds. */
export interface FormConfirm {
  Name: string;
  When: RulesLogic | boolean;
  Message: string;
}

export interface FormAnswer {
  Properties: FormProperty[];
  Groups: FormGroup[];
  Tabs?: unknown[];
  Checks?: FormCheck[];
  Confirms?: FormConfirm[];
  /** The field whose change loses properties of the record's type: asked about before a save. */
  TypeField?: string;
  /** The fields whose change asks the server what a save would derive (Derive), filled while editing. */
  DeriveOn?: string[];
}

export const Visibility = { Hidden: 0, Visible: 1, ReadOnly: 2, Required: 3 } as const;
