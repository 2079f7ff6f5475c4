// The licence modules' names in the user's language (their Dutch names are the definitions').
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ModuleCode } from '../../../definitions/language/index.ts';

const LABELS: Record<ModuleCode, MessageDescriptor> = {
  relations: msg`Relatiebeheer (CRM)`,
  workflow: msg`Workflowvarianten`,
  overhaul: msg`Revisieorders`,
  objects: msg`Objecten en locaties`,
  projects: msg`Projecten`,
  orders: msg`Orders`,
  invoice: msg`Facturatie`,
  hours: msg`Urenregistratie`,
  articles: msg`Artikelvarianten`,
  accesssecurity: msg`Toegangsbeveiliging`,
  import: msg`Import`,
  languages: msg`Meertaligheid`,
  competence: msg`Competenties`,
  numbering: msg`Automatische nummering`,
};

export const moduleLabel = (code: ModuleCode): string => i18n._(LABELS[code]);
