// How a view's name reads: 'default' (or none) is the standard view.
import { useLingui } from '@lingui/react/macro';
import { isStandardView } from './layout.ts';

export function useViewName(): (name: string | null) => string {
  const { t } = useLingui();
  return (name) => (isStandardView(name) ? t`Standaardweergave` : name!);
}
