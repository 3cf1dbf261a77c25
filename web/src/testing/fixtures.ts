export { sampleSurvey } from '@reviewroute/shared/testing';
