// The header's user area: who is logged in and the logout button.
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { logout } from './actions.ts';
import { account, displayName } from './state.ts';
import './account.css';

export function UserMenu() {
  const { t } = useLingui();
  const { user } = useSnapshot(account);
  if (!user) return null;
  return (
    <div className="account-user">
      <span className="account-user-name" title={user.Username}>
        {displayName(user)}
      </span>
      <button type="button" className="account-button" onClick={() => void logout()}>{t`Uitloggen`}</button>
    </div>
  );
}
