// Copying text: the async clipboard where the page may use it, else a hidden text area and
// execCommand('copy') (plain HTTP, older browsers, a refused permission).

/** Answers whether the text reached the clipboard. */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch (error) {
      console.warn('Clipboard write refused; copying through a text area', error);
    }
  }
  return copyThroughTextArea(text, doc);
}

function copyThroughTextArea(text: string, doc: Document): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  const focused = doc.activeElement as HTMLElement | null;
  doc.body.appendChild(area);
  area.focus({ preventScroll: true });
  area.select();
  try {
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}
