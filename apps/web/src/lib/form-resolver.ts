import { zodResolver } from '@hookform/resolvers/zod';
import { config } from 'zod';

// Zod probes `new Function` to speed up parsing; our Content-Security-Policy forbids eval, so the
// probe would log a violation on every form page. Tell zod not to try.
config({ jitless: true });

export { zodResolver };
