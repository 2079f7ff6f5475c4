// The paste area (spec 1 §5): the licence text as it was sent, read by Openen.
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

export interface PasteLicenceProps {
  /** Reads the text; answers whether it was read (the area then empties). */
  onOpen: (text: string) => boolean;
}

export function PasteLicence({ onOpen }: PasteLicenceProps) {
  const { t } = useLingui();
  const id = useId();
  const hint = useId();
  const [text, setText] = useState('');
  return (
    <div className="licence-paste">
      <label htmlFor={id}>{t`Licentie plakken`}</label>
      <p
        id={hint}
        className="licence-hint"
      >{t`Plak hier de licentie zoals u die ontving: licentienaam, productcode en activeringscode, elk op een eigen regel.`}</p>
      <textarea
        id={id}
        className="licence-input"
        rows={4}
        value={text}
        spellCheck={false}
        aria-describedby={hint}
        onChange={(e) => setText(e.target.value)}
      />
      <div>
        <button
          type="button"
          className="app-button"
          disabled={!text.trim()}
          onClick={() => {
            if (onOpen(text)) setText('');
          }}
        >
          {t`Openen`}
        </button>
      </div>
    </div>
  );
}
