/**
 * Phone layout by width: below PHONE_MAX_WIDTH the report asks the frame for the mobile portrait
 * layout (as a phone does), and follows the window across the breakpoint on resize or rotation
 * through `updateSettings`, without reloading the report. See docs/decisions/0234.
 */
import { useEffect } from 'react';
import type { models } from '@vitrina/embed-sdk';
import { LayoutType, type EmbedHandle } from '../../../lib/embed-service.ts';
import { isMobileDevice } from '../../../lib/device.ts';

/** The widest window drawn as a phone: Power BI's phone canvas is portrait, tablets start at 640. */
const PHONE_MAX_WIDTH = 639;
const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

function narrowWindow(): boolean {
  return window.matchMedia?.(PHONE_QUERY).matches ?? false;
}

/** Whether to embed with the phone layout now: a phone or tablet, or a narrow window. */
export function wantsPhoneLayout(): boolean {
  return isMobileDevice() || narrowWindow();
}

/** A report embed: the Embed base class has no settings call of its own. */
interface SettingsTarget {
  updateSettings(settings: models.ISettings): Promise<unknown>;
}

/** Switches an embedded report's layout when the window crosses the breakpoint. */
export function usePhoneLayoutSwitch(embed: EmbedHandle | null, kind: string | null): void {
  useEffect(() => {
    if (!embed || kind !== 'report' || isMobileDevice() || !window.matchMedia) return undefined;
    const query = window.matchMedia(PHONE_QUERY);
    const follow = () => {
      const layoutType = query.matches ? LayoutType.MobilePortrait : LayoutType.Master;
      (embed as unknown as SettingsTarget).updateSettings({ layoutType }).catch(() => undefined);
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [embed, kind]);
}
