// An import task as a dialog shows it: the task, the last progress of its stream, and whether it
// is still watched. Watching starts for a pending or running task and ends with the dialog.
import { useEffect, useRef, useState } from 'react';
import { api, type ImportProgress, type ImportTask } from '../../api/index.ts';
import { isActive } from './model.ts';
import { browserStream, watchImport, type WatchDeps } from './watch.ts';

const browserDeps: WatchDeps = { openStream: browserStream, getItem: (autoid) => api.importTask(autoid) };

export interface ImportTaskView {
  task: ImportTask;
  /** The stream's last message, null before the first. */
  progress: ImportProgress | null;
  /** The task changed from elsewhere (Cancel answered it). */
  replace: (task: ImportTask) => void;
}

export function useImportTask(
  initial: ImportTask,
  onFinished?: (task: ImportTask) => void,
  deps: WatchDeps = browserDeps,
): ImportTaskView {
  const [task, setTask] = useState(initial);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  const autoid = initial.AutoID;
  const watch = isActive(initial);

  useEffect(() => {
    if (!watch) return;
    return watchImport(autoid, deps, {
      progress: setProgress,
      task: setTask,
      finished: (ended) => {
        setTask(ended);
        finishedRef.current?.(ended);
      },
    });
  }, [autoid, watch, deps]);

  return { task, progress, replace: setTask };
}
