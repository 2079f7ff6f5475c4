// A file to download, shown by its name: a real link (a new tab or "save link as" still work,
// the server names the file), which on a plain click fetches it as a blob (downloadFile).
import type { MouseEvent, ReactNode } from 'react';
import { downloadFile } from './download.ts';

export interface FileLinkProps {
  path: string;
  name: string;
  children?: ReactNode;
  className?: string;
  label?: string;
}

export function FileLink({ path, name, children, className, label }: FileLinkProps) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep the browser's own meaning (new tab, save as).
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    void downloadFile(path, name);
  };
  return (
    // Enter and Space are the link's own, not the grid row's around it; Escape still closes a dialog.
    <a
      href={`/${path}`}
      className={className ?? 'files-link'}
      aria-label={label}
      onClick={click}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') e.stopPropagation();
      }}
    >
      {children ?? name}
    </a>
  );
}
