import { Trans } from '@lingui/react/macro';

export function App() {
  return <h1><Trans id="app.title">Backoffice</Trans></h1>;
}
