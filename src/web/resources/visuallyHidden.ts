/**
 * Read by screen readers, not shown (an `sx` value). Sizes in pixels: in `sx` a width of 1 is 100%,
 * which made the hidden text as wide as its box, and wider than a phone's screen once offset.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
