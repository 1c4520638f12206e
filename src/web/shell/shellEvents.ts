/** Opening the shell's dialogs from anywhere (drawer, key handlers, pages). */
const target = new EventTarget();

export function openAccountSearch(): void {
  target.dispatchEvent(new Event('accountSearch'));
}

export function onOpenAccountSearch(listener: () => void): () => void {
  target.addEventListener('accountSearch', listener);
  return () => target.removeEventListener('accountSearch', listener);
}

export function openSpotlight(): void {
  target.dispatchEvent(new Event('spotlight'));
}

export function onOpenSpotlight(listener: () => void): () => void {
  target.addEventListener('spotlight', listener);
  return () => target.removeEventListener('spotlight', listener);
}
