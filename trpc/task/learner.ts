export const taskLearnerProcedures = {};
