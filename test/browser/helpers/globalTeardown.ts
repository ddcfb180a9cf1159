import { stopBrowserSession } from './session';

export default stopBrowserSession;
