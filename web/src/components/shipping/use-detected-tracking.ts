import type { Tracking } from '@soleswap/contracts/tracking-numbers';
import { useEffect, useState } from 'react';

type Detector = (text: string) => Tracking | null;

/** The tracking-number library loads with the first ship form, never with the first page. */
let detector: Promise<Detector> | null = null;
function loadDetector(): Promise<Detector> {
  detector ??= import('@soleswap/contracts/tracking-numbers').then((m) => m.detectTracking);
  return detector;
}

/**
 * What the typed tracking number is, with the same library and rules as the server: its carrier,
 * normalised number and tracking link, or null while it is no valid UPS, USPS or FedEx number.
 * `isReady` is false until the library has loaded.
 */
export function useDetectedTracking(text: string): { tracking: Tracking | null; isReady: boolean } {
  const [detect, setDetect] = useState<Detector | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void loadDetector().then((fn) => {
      if (isCurrent) setDetect(() => fn);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return { tracking: detect && text.trim() ? detect(text) : null, isReady: detect !== null };
}
