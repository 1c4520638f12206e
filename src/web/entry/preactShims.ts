import 'preact/compat';
import { options, type VNode } from 'preact';

/**
 * What React does that preact/compat leaves to the browser, for the light sign-in app's build
 * (lightEntry.ts). `autoFocus`: React focuses the element when it is mounted; Preact writes the
 * attribute, which a browser honours only on page load, so a dialog's first field (the SSO team
 * domain, the create-account email) was not focused and MUI's focus trap took the dialog itself.
 * Here the element is focused when attached, as React does, before any effect runs.
 */
const focused = new WeakSet<Element>();
type Ref = ((element: HTMLElement | null) => void) | { current: HTMLElement | null } | null | undefined;

const next = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: boolean } | undefined;
  if (typeof vnode.type === 'string' && props?.autoFocus) {
    delete props.autoFocus;
    const ref = vnode.ref as Ref;
    (vnode as { ref: Ref }).ref = (element: HTMLElement | null) => {
      if (element && !focused.has(element)) {
        focused.add(element);
        element.focus();
      }
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    };
  }
  next?.(vnode);
};
