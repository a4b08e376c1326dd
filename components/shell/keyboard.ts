/** Typing in a field, or pressing a key inside one, is no shortcut for the console. */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** A shortcut's key is not for the page while a dialog is open or another handler took it. */
export function keyIsTaken(event: KeyboardEvent): boolean {
  return event.defaultPrevented || document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}
