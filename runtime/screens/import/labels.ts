// The words for an import task's state and result (the importtasks table's own options).
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { IMPORT } from '../../../definitions/language/index.ts';

export function stateLabel(state: number): string {
  switch (state) {
    case IMPORT.ProcessState.Pending:
      return i18n._(msg`Wachtend`);
    case IMPORT.ProcessState.Running:
      return i18n._(msg`Bezig`);
    case IMPORT.ProcessState.Processed:
      return i18n._(msg`Verwerkt`);
    case IMPORT.ProcessState.Cancelled:
      return i18n._(msg`Geannuleerd`);
    default:
      return String(state);
  }
}

export function resultLabel(result: number): string {
  switch (result) {
    case IMPORT.ProcessResult.Succeeded:
      return i18n._(msg`Geslaagd`);
    case IMPORT.ProcessResult.SucceededWithFailures:
      return i18n._(msg`Geslaagd met fouten`);
    case IMPORT.ProcessResult.Failed:
      return i18n._(msg`Mislukt`);
    default:
      return i18n._(msg`Niet bepaald`);
  }
}
