import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { trackPageView } from '../features/analytics/api/page-view-tracker';

/** Records a page view for the site statistics on every route change. */
export function usePageViewTracking() {
  const [location] = useLocation();
  useEffect(() => {
    trackPageView(location);
  }, [location]);
}
