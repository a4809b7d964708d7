import { useLocation } from 'react-router';
import { ToolPage, type ToolPageName } from '../../features/tools/components/tool-pages.tsx';

/** Every editing tool's route: the page is the catalogue entry of the path it is shown at. */
export const EditingToolRoute = () => <ToolPage name={useLocation().pathname.slice(1) as ToolPageName} />;
export const BackgroundTestRoute = () => <ToolPage name="test" />;
