/**
 * Profiling aid: the portal on PostgreSQL (or PGlite with BENCH_API_DATABASES=pglite) under
 * the signed-in GET /api/news load for BENCH_SECONDS, nothing else; the CPU profile covers the
 * load only (inspector Profiler), not the start-up. Then sum it by self time:
 *   npx tsx tests/bench/profile.ts /tmp/news.cpuprofile
 *   npx tsx tests/bench/cpuprofile.ts /tmp/news.cpuprofile
 */
import { profileTarget } from './api.js';

await profileTarget(process.argv[2] ?? 'news.cpuprofile');
