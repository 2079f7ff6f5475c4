// A licence was saved: the menu follows its modules at once (the route table is read again and
// the cached rights asked again), and the local licence entry is renewed.
import { checkLicence, clearPermissions } from '../../state/index.ts';
import { reloadScreens } from '../../ui/navigation/index.ts';

export async function licenceChanged(): Promise<void> {
  clearPermissions();
  await Promise.all([reloadScreens(), checkLicence()]);
}
