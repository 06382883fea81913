import { createRequire } from 'node:module';

/** The parts of OpenCV.js the photo matcher uses (the package's own types describe the whole library). */
export interface OpenCv {
  Mat: new (...args: unknown[]) => CvMat;
  KeyPointVector: new () => { size(): number; get(i: number): { pt: { x: number; y: number }; response: number }; delete(): void };
  ORB: new (
    nfeatures: number,
    scaleFactor: number,
    nlevels: number,
    edgeThreshold: number,
    firstLevel: number,
    WTA_K: number,
    scoreType: number,
    patchSize: number,
    fastThreshold: number,
  ) => { detectAndCompute(image: CvMat, mask: CvMat, keypoints: unknown, descriptors: CvMat): void; delete(): void };
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): CvMat;
  findHomography(src: CvMat, dst: CvMat, method: number, reprojThreshold: number, mask: CvMat): CvMat;
  CV_8UC1: number;
  CV_32FC2: number;
  RANSAC: number;
}
export interface CvMat {
  rows: number;
  cols: number;
  data: Uint8Array;
  data64F: Float64Array;
  delete(): void;
}

let loading: Promise<OpenCv> | undefined;

/**
 * OpenCV compiled to WebAssembly (@techstark/opencv-js), loaded on the first photo that needs it:
 * about a second and 60 MB resident, once per process (docs/rules/verification.md#photo-matching).
 * The module object is itself a thenable that never settles with a plain value, so readiness is
 * read from `Mat` appearing (set by the runtime's initialisation), never by awaiting the module.
 */
export function loadOpenCv(): Promise<OpenCv> {
  return (loading ??= new Promise<OpenCv>((resolve, reject) => {
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv & { then?: unknown };
    const started = Date.now();
    const poll = () => {
      if (cv.Mat) {
        // Resolving with a thenable would wait on it: the module's own `then` goes.
        if (typeof cv.then === 'function') delete cv.then;
        resolve(cv);
      } else if (Date.now() - started > LOAD_TIMEOUT_MS) reject(new Error('OpenCV did not initialise'));
      else setTimeout(poll, 10);
    };
    poll();
  }));
}

const LOAD_TIMEOUT_MS = 60_000;
