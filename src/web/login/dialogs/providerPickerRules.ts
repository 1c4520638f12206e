/**
 * SPEC §2 SSO provider picker: 'Arrow keys move the selection and Enter
 * chooses.' A pure reducer over the selected index; the list wraps around.
 */

export interface PickerState {
  /** Index of the selected provider; -1 when the list is empty. */
  selected: number;
  /** Index chosen with Enter or a click, once. */
  chosen: number | null;
}

export type PickerAction =
  | { type: 'key'; key: string; count: number }
  | { type: 'select'; index: number }
  | { type: 'choose'; index: number }
  | { type: 'reset'; count: number };

export function initialPickerState(count: number): PickerState {
  return { selected: count > 0 ? 0 : -1, chosen: null };
}

export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'reset':
      return initialPickerState(action.count);
    case 'select':
      return { ...state, selected: action.index };
    case 'choose':
      return { selected: action.index, chosen: action.index };
    case 'key': {
      const { count, key } = action;
      if (count <= 0 || state.chosen !== null) return state;
      const current = state.selected < 0 ? 0 : state.selected;
      switch (key) {
        case 'ArrowDown':
        case 'ArrowRight':
          return { ...state, selected: (current + 1) % count };
        case 'ArrowUp':
        case 'ArrowLeft':
          return { ...state, selected: (current - 1 + count) % count };
        case 'Home':
          return { ...state, selected: 0 };
        case 'End':
          return { ...state, selected: count - 1 };
        case 'Enter':
          return { selected: current, chosen: current };
        default:
          return state;
      }
    }
  }
}

/** Keys the picker handles itself (the browser's default is prevented for these). */
export function isPickerKey(key: string): boolean {
  return ['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft', 'Home', 'End', 'Enter'].includes(key);
}

/** §2 'Choosing a provider navigates the browser to the access service's SSO login path with siteGroup and provider.' */
export function ssoLoginUrl(siteGroupNum: number, provider: string, returnUrl?: string | null): string {
  const params = new URLSearchParams({ siteGroup: String(siteGroupNum), provider });
  if (returnUrl) params.set('returnUrl', returnUrl);
  return `/api/sso/login?${params.toString()}`;
}
