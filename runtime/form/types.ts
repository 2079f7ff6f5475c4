// The GetForm answer as the server sends it (docs/api-guide.md, spec 1 section 3 "Server form
// definition"): its types are read off the answer's closed schema, which the server's form
// compiler answers too (definitions/language/form-schema.ts).
export type {
  ActionsOfConfig,
  FormAnswer,
  FormCheck,
  FormConfirm,
  FormGroup,
  FormProperty,
  FormRules,
  ListConfig,
  PropertySettings,
} from '../../definitions/language/form-schema.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export const Visibility = { Hidden: 0, Visible: 1, ReadOnly: 2, Required: 3 } as const;
