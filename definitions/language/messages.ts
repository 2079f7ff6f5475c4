// Message ids and their Dutch source texts for everything the server says to a user.
// Placeholders are {0}, {1}, ... as in the specification. locales/<lang>.json translate
// these ids; a unit test checks that every id exists in every catalogue.
export const MESSAGES = {
  'errors.error_retrieving': 'Fout bij het ophalen van de gegevens.',
  'errors.error_saving': 'Fout bij het opslaan van de gegevens.',
  'errors.item_not_found': 'Het opgevraagde item bestaat niet',
  'errors.no_rights': 'U beschikt niet over de juiste rechten',
  'errors.not_authenticated': 'U bent niet aangemeld.',
  'errors.login_failed': 'Gebruikersnaam of wachtwoord onjuist.',
  'errors.account_locked': 'Dit account is tijdelijk geblokkeerd. Probeer het later opnieuw.',
  'errors.no_such_call': 'Deze aanroep bestaat niet: {0}.',
  'errors.unknown_control': 'Onbekende tabel of lijst: {0}.',
  'errors.bad_request': 'Ongeldig verzoek: {0}',
  'errors.body_too_large': 'Het verzoek is te groot.',
  'errors.concurrency': 'Het item is intussen door een ander gewijzigd. Laad het opnieuw en probeer het nog eens.',
  'errors.in_use': 'Het item wordt nog gebruikt door {0} en kan niet worden verwijderd.',
  'errors.validation': 'Er zijn één of meerdere fouten in het formulier ({0})',
  'errors.internal': 'Er is iets misgegaan...',
  'errors.database_unavailable': 'De database is tijdelijk niet bereikbaar. Probeer het zo opnieuw.',
  'errors.too_many_requests': 'Te veel gelijktijdige verzoeken; er lopen er al {0}. Probeer het zo opnieuw.',
  'errors.query_timeout': 'De opdracht duurde te lang en is afgebroken. Verfijn de zoekopdracht of de filters en probeer het opnieuw.',
  'validation.required': 'Het veld {0} is verplicht.',
  'validation.max_length': 'field must be less than or equal to {0} characters, you entered {1}',
  'validation.min': 'De waarde van {0} moet minimaal {1} zijn.',
  'validation.max': 'De waarde van {0} mag maximaal {1} zijn.',
  'validation.digits': 'De waarde van {0} past niet in {1} cijfers voor en {2} na de komma.',
  'validation.type': 'De waarde van {0} is geen geldige {1}.',
  'validation.option': 'De waarde van {0} is geen van de toegestane keuzes.',
  'validation.list_value': 'De gekozen waarde voor {0} bestaat niet.',
  'validation.unique': 'De waarde van {0} bestaat al.',
  'validation.unknown_field': 'Het veld {0} bestaat niet in deze tabel.',
  'validation.read_only': 'Het veld {0} kan niet worden gewijzigd.',
  'validation.definition': 'Deze definitie is niet toegestaan: {0}',
  'validation.password_mismatch': 'Het wachtwoord en de herhaling komen niet overeen.',
  'validation.password_rules': 'Het wachtwoord moet bestaan uit {0}.',
  'validation.timestamp_required': 'TimeStamp is nodig om een bestaand item op te slaan.',
  'layouts.name_required': 'Geef de weergave een naam.',
  'layouts.name_too_long': 'De naam van een weergave heeft hoogstens {0} tekens.',
  'layouts.name_characters': 'De naam van een weergave bestaat alleen uit letters en cijfers.',
  'layouts.name_taken': 'Er is al een weergave met de naam {0} in dit overzicht.',
  'layouts.from_definitions': 'Deze weergave komt uit de definities en kan hier niet worden gewijzigd of verwijderd; sla haar op onder een nieuwe naam.',
  'layouts.invalid_column': 'Kolom {0}: {1}',
  'layouts.unknown_group': 'De beveiligingsgroep {0} bestaat niet.',
} as const;

export type MessageId = keyof typeof MESSAGES;

/** Fills {0}, {1}, ... in a message template. */
export function formatMessage(template: string, args: readonly unknown[] = []): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : whole));
}

export function message(id: MessageId, ...args: unknown[]): string {
  return formatMessage(MESSAGES[id], args);
}
