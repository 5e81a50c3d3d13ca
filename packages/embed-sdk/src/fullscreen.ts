type Vendor = Record<string, (() => unknown) | undefined>;

/** Puts `iframe` in fullscreen with whichever (possibly prefixed) API the browser has. */
export function enterFullscreen(iframe: HTMLIFrameElement): void {
  const frame = iframe as HTMLIFrameElement & Vendor;
  const request =
    frame.requestFullscreen ??
    frame['msRequestFullscreen'] ??
    frame['mozRequestFullScreen'] ??
    frame['webkitRequestFullscreen'];
  void request?.call(frame);
}

/** Leaves fullscreen, only when `iframe` is the fullscreen element (2.8.0's checks, typo included). */
export function leaveFullscreen(iframe: HTMLIFrameElement): void {
  const doc = document as Document & Vendor;
  const fullscreenElements = document as unknown as Record<string, unknown>;
  const holders = [
    'fullscreenElement',
    'webkitFullscreenElement',
    'mozFullscreenScreenElement',
    'msFullscreenElement',
  ];
  if (!holders.some((key) => fullscreenElements[key] === iframe)) return;
  const exit =
    doc.exitFullscreen ??
    doc['msExitFullscreen'] ??
    doc['mozCancelFullScreen'] ??
    doc['webkitExitFullscreen'];
  void exit?.call(doc);
}
