import { startBrowserSession } from './session';

export default startBrowserSession;
