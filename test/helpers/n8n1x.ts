// The `e2e-n8n1` jest project: the same e2e files, run in the last n8n 1.x (harness/runtime.ts N8N_1X_RUNTIME).
process.env.INTERVIEW_SERVICE_E2E_N8N = '1.x';
