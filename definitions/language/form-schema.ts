// The GetForm answer (spec 1 section 3, "Server form definition"): a table's form as Properties
// and Groups, its tabs, its live checks and its questions before a save. One closed schema: the
// server's form compiler answers its type, the runtime reads the same type, and the tests check
// every answer against the schema, so a field answered but not declared fails them.
import type { RulesLogic } from 'json-logic-js';
import { FIELD_TYPES } from './field-types.ts';
import type { FieldType } from './types.ts';
import { anyValue, bool, int, list, nullable, num, object, oneOf, str, typed, type Infer } from './typed-schema.ts';

const CONTENT_LANGUAGES = ['da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh'] as const;

/** A json-logic rule (or a constant), as the definitions hold it. */
const Rule = typed<RulesLogic | boolean>({});

const SelectOption = object({ value: str(), label: str() }, ['value', 'label']);

/** A list or catalogue field's picker: the calls that list and name its entries. */
const ListConfig = object(
  {
    ListMethod: str(),
    SingleMethod: str(),
    /** Names of the list's filter parameters. */
    Parameters: list(str()),
    GroupID: nullable(str()),
    /** The list whose chosen value feeds this list's parameters. */
    ParentList: nullable(str()),
    /** What the field stores of the chosen entry: a list row's AutoID, or a catalogue entry's code (ID). */
    ValueField: oneOf(['AutoID', 'ID']),
    /** A field with a listFilter: the lookup is asked for it (`table.Field`) with the record's fields it reads. */
    For: nullable(str()),
    /** The record's fields the listFilter reads. */
    Reads: list(str()),
    /** A list's table (its calls' ControlName): the picker opens its rows and makes new ones there. */
    Table: nullable(str()),
    /** That table's right code: the picker offers to open a row (read) or make one (create) as it allows. */
    Right: nullable(str()),
    /** A new row made from the picker takes these values of the record (its listFilter's plain fields). */
    Prefill: list(object({ Field: str(), From: str() }, ['Field', 'From'])),
  },
  ['ListMethod', 'SingleMethod', 'Parameters', 'GroupID', 'ParentList'],
);

/** An action field (`actionsOf`): the field holding a catalogue code, and the call answering that entry's actions. */
const ActionsOfConfig = object({ Field: str(), SingleMethod: str() }, ['Field', 'SingleMethod']);

const PropertySettings = object(
  {
    FieldLength: nullable(num),
    min: nullable(num),
    max: nullable(num),
    step: nullable(num),
    Integers: nullable(num),
    Decimals: nullable(num),
    Options: nullable(list(SelectOption)),
    ListConfig: nullable(ListConfig),
    /** Offers only the actions of the catalogue entry another field holds. */
    ActionsOf: nullable(ActionsOfConfig),
    /** A text in this language: shown only while the language is on offer. */
    ContentLanguage: nullable(oneOf(CONTENT_LANGUAGES)),
    /** Not sent by the server today; honoured when a definition asks for digit-only keys. */
    NumericKeys: bool,
    /** Not sent by the server today; a text area with a user stamp. */
    UserStamp: bool,
  },
  ['FieldLength', 'min', 'max', 'step', 'Integers', 'Decimals', 'Options', 'ListConfig'],
);

const FormRules = object({ visibleWhen: nullable(Rule), enabledWhen: nullable(Rule), requiredWhen: nullable(Rule) }, [
  'visibleWhen',
  'enabledWhen',
  'requiredWhen',
]);

const FormProperty = object(
  {
    FieldName: str(),
    Label: str(),
    Value: anyValue,
    Required: bool,
    Enabled: bool,
    /** Hidden 0, Visible 1, ReadOnly 2, Required 3. */
    Visibility: int,
    Component: int,
    FieldType: typed<FieldType>({ enum: FIELD_TYPES }),
    QuantityUnit: nullable(str()),
    GroupID: nullable(str()),
    Tab: nullable(str()),
    Column: nullable(num),
    Width: nullable(num),
    Height: nullable(num),
    /** Left 0, centre 1, right 2. */
    Align: nullable(int),
    Format: nullable(num),
    Settings: PropertySettings,
    Rules: FormRules,
  },
  [
    'FieldName',
    'Label',
    'Value',
    'Required',
    'Enabled',
    'Visibility',
    'Component',
    'FieldType',
    'QuantityUnit',
    'GroupID',
    'Tab',
    'Column',
    'Settings',
    'Rules',
  ],
);

const FormGroup = object({ GroupID: str(), Label: nullable(str()), Tab: nullable(str()), Column: nullable(num) }, [
  'GroupID',
  'Label',
  'Tab',
  'Column',
]);

const FormTab = object({ name: str(), label: str() }, ['name', 'label']);

/** A rule across fields (table `checks`): the record is valid when ValidWhen holds, else Message shows under Fields. */
const FormCheck = object({ Name: str(), ValidWhen: Rule, Message: str(), Fields: list(str()) }, [
  'Name',
  'ValidWhen',
  'Message',
  'Fields',
]);

/** A question before a save (table `confirms`): asked when When holds. */
const FormConfirm = object({ Name: str(), When: Rule, Message: str() }, ['Name', 'When', 'Message']);

export const FormAnswer = object(
  {
    Properties: list(FormProperty, 10_000),
    Groups: list(FormGroup, 10_000),
    Tabs: list(FormTab),
    Checks: list(FormCheck),
    Confirms: list(FormConfirm),
    /** The field whose change loses properties of the record's type: asked about before a save. */
    TypeField: str(),
    /** The fields whose change lets the form ask what a save would derive (Derive). */
    DeriveOn: list(str()),
    /**
     * The states of the table's workflow in which a record takes no change but a transition (a
     * completed invoice), and the tables of its rows that are read-only with it (its lines).
     */
    ReadOnlyStates: object(
      {
        Field: str(),
        Values: list(typed<string | number | boolean>({ type: ['string', 'number', 'boolean'] }), 100),
        Children: list(str(), 20),
      },
      ['Field', 'Values', 'Children'],
    ),
  },
  ['Properties', 'Groups'],
);

export type FormAnswer = Infer<typeof FormAnswer>;
export type FormProperty = Infer<typeof FormProperty>;
export type FormGroup = Infer<typeof FormGroup>;
export type FormCheck = Infer<typeof FormCheck>;
export type FormConfirm = Infer<typeof FormConfirm>;
export type FormRules = Infer<typeof FormRules>;
export type PropertySettings = Infer<typeof PropertySettings>;
export type ListConfig = Infer<typeof ListConfig>;
export type ActionsOfConfig = Infer<typeof ActionsOfConfig>;
